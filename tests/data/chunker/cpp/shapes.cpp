#include "shapes.h"

#include <cmath>
#include <iostream>

namespace geo {

int Shape::s_count = 0;

Shape::Shape(std::string name)
    : m_name(std::move(name))
{
    ++s_count;
}

Shape::~Shape() = default;

Shape::~Shape()
{
    --s_count;
}

Circle::Circle(Point centre, double radius)
    : Shape("circle"), m_centre(centre), m_radius(radius)
{
}

double Circle::area() const
{
    return detail::kPi * m_radius * m_radius;
}

namespace detail {

double toMillimetres(double value, Unit unit)
{
    switch (unit) {
    case Unit::Millimetre:
        return value;
    case Unit::Inch:
        return value * 25.4;
    }
    return std::nan("");
}

} // namespace detail

namespace {
// Parses "x,y" into a point; long on purpose to exercise splitting.
std::unique_ptr<Point> parsePoint(const std::string &text, std::string *error)
{
    auto comma = text.find(',');
    if (comma == std::string::npos) {
        if (error)
            *error = "missing comma";
        return nullptr;
    }
    auto trim = [](std::string s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
            s.erase(s.begin());
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
            s.pop_back();
        return s;
    };
    const std::string xs = trim(text.substr(0, comma));
    const std::string ys = trim(text.substr(comma + 1));
    if (xs.empty() || ys.empty()) {
        if (error)
            *error = "empty coordinate";
        return nullptr;
    }
    char *end = nullptr;
    const double x = std::strtod(xs.c_str(), &end);
    if (*end != '\0') {
        if (error)
            *error = "bad x";
        return nullptr;
    }
    const double y = std::strtod(ys.c_str(), &end);
    if (*end != '\0') {
        if (error)
            *error = "bad y";
        return nullptr;
    }
    auto point = std::make_unique<Point>();
    point->x = x;
    point->y = y;
    if (!std::isfinite(point->x) || !std::isfinite(point->y)) {
        if (error)
            *error = "not finite";
        return nullptr;
    }
    return point;
}
} // namespace

const auto describe = [](const Shape &shape) {
    return shape.name() + " of area " + std::to_string(shape.area());
};

Shape *Shape::clone() const
{
    return new Circle(Point{}, 1.0);
}

Shape::operator std::string() const
{
    return name();
}

std::ostream &operator<<(std::ostream &out, const Point &p)
{
    return out << '(' << p.x << ", " << p.y << ')';
}

} // namespace geo

int main(int argc, char **argv)
{
    std::string error;
    auto p = geo::parsePoint(argc > 1 ? argv[1] : "1,2", &error);
    geo::Circle c(*p, 2.0);
    std::cout << geo::describe(c) << '\n';
    return 0;
}
