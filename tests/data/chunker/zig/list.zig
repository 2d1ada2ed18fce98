const std = @import("std");
const Allocator = std.mem.Allocator;

/// A growable list of integers.
pub const IntList = struct {
    items: []i64,
    len: usize,
    allocator: Allocator,

    /// Creates an empty list.
    pub fn init(allocator: Allocator) IntList {
        return .{ .items = &[_]i64{}, .len = 0, .allocator = allocator };
    }

    pub fn deinit(self: *IntList) void {
        self.allocator.free(self.items);
    }

    /// Appends one value, growing the buffer when full.
    pub fn append(self: *IntList, value: i64) !void {
        if (self.len == self.items.len) {
            try self.grow();
        }
        self.items[self.len] = value;
        self.len += 1;
    }

    fn grow(self: *IntList) !void {
        const new_cap = if (self.items.len == 0) 8 else self.items.len * 2;
        self.items = try self.allocator.realloc(self.items, new_cap);
    }
};

pub const Color = enum { red, green, blue };

const Value = union(enum) {
    int: i64,
    text: []const u8,
};

pub const Error = error{ OutOfMemory, Invalid };

fn sum(values: []const i64) i64 {
    var total: i64 = 0;
    for (values) |v| total += v;
    return total;
}

test "append grows" {
    var list = IntList.init(std.testing.allocator);
    defer list.deinit();
    try list.append(1);
    try std.testing.expectEqual(@as(usize, 1), list.len);
}

pub fn main() !void {
    std.debug.print("{d}\n", .{sum(&[_]i64{ 1, 2, 3 })});
}
