#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace RepoLens {

// Error codes carried by core APIs; user-visible text is made in ui/ with tr().
enum class ErrorCode {
    None,
    NotFound,
    NotADirectory,
    PermissionDenied,
    Io,
    DiskFull,
    ReadOnly,
    Corrupt,
    SchemaTooNew,
    Database,
    Parse,
    InvalidArgument,
    Cancelled,
    Network,
    Timeout,
    Protocol,
    Unsupported,
    Busy,        // another process holds the resource (the index's writer lock)
};

struct Error
{
    ErrorCode code = ErrorCode::None;
    QString message;  // technical detail (English, for logs and the CLI)
    QString context;  // path, SQL statement, URL, ... (never a secret)

    QString toString() const
    {
        return context.isEmpty() ? message : message + QStringLiteral(" (") + context + u')';
    }
};

// A value or an Error. std::expected is not available with this toolchain.
template<typename T>
class Result
{
public:
    Result(T value) : m_data(std::move(value)) {}
    Result(Error error) : m_data(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<T>(m_data); }
    const T &value() const & { return std::get<T>(m_data); }
    T &&value() && { return std::get<T>(std::move(m_data)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

template<>
class Result<void>
{
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)) {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

inline Error makeError(ErrorCode code, QString message, QString context = {})
{
    return Error{code, std::move(message), std::move(context)};
}

} // namespace RepoLens
