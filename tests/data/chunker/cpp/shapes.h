#pragma once

#include <memory>
#include <string>
#include <vector>

#define GEO_HAS_UNITS
#define GEO_EPSILON 1e-9
#define GEO_SQUARE(x) ((x) * (x))

namespace geo {

/// A point in the plane.
struct Point {
    double x = 0;
    double y = 0;

    bool operator==(const Point &other) const = default;
    Point operator+(const Point &other) const { return {x + other.x, y + other.y}; }
};

enum class Unit { Millimetre, Inch };

/// Base class of every drawable shape.
class Shape {
public:
    explicit Shape(std::string name);
    virtual ~Shape();

    virtual double area() const = 0;
    const std::string &name() const { return m_name; }
    Shape *clone() const;
    explicit operator bool() const { return area() > 0; }
    operator std::string() const;
    static void *operator new(std::size_t size);
    int cooperator_count() const;

protected:
    static int s_count;

private:
    std::string m_name;
};

class Circle final : public Shape {
public:
    Circle(Point centre, double radius);
    double area() const override;

private:
    Point m_centre;
    double m_radius;
};

template <typename T>
class Registry {
public:
    using Ptr = std::unique_ptr<T>;

    template <typename... Args>
    T &emplace(Args &&...args)
    {
        m_items.push_back(std::make_unique<T>(std::forward<Args>(args)...));
        return *m_items.back().template get<T>();
    }

    std::size_t size() const noexcept { return m_items.size(); }

private:
    std::vector<Ptr> m_items;
};

namespace detail {
inline constexpr double kPi = 3.14159265358979323846;
double toMillimetres(double value, Unit unit);
} // namespace detail

} // namespace geo
