import Foundation
import Combine

/// A key-value store that persists to disk.
///
/// - Note: Not thread-safe.
public final class Store<Value: Codable>: ObservableObject, CustomStringConvertible {
    @Published private(set) var values: [String: Value] = [:]
    private let url: URL

    /// Creates a store backed by `url`.
    public init(url: URL) {
        self.url = url
        load()
    }

    deinit {
        save()
    }

    public var description: String {
        "Store(\(values.count) values)"
    }

    public subscript(key: String) -> Value? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Reads the file, ignoring a missing one.
    func load() {
        guard let data = try? Data(contentsOf: url) else { return }
        values = (try? JSONDecoder().decode([String: Value].self, from: data)) ?? [:]
    }

    func save() {
        let data = try? JSONEncoder().encode(values)
        try? data?.write(to: url)
    }
}

public protocol Persisting {
    associatedtype Key
    func persist(_ key: Key) throws
}

extension Store: Persisting {
    public func persist(_ key: String) throws {
        save()
    }
}

struct Point: Equatable {
    var x: Double
    var y: Double

    static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    mutating func scale(by factor: Double) {
        x *= factor
        y *= factor
    }
}

enum LoadError: Error {
    case missing(String)
    case corrupt

    var message: String {
        switch self {
        case .missing(let name): return "missing \(name)"
        case .corrupt: return "corrupt"
        }
    }
}

typealias Handler = (Result<Data, Error>) -> Void

func makeStore() -> Store<String> {
    Store(url: URL(fileURLWithPath: "/tmp/store.json"))
}

let shared = makeStore()
