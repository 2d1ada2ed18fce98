"""Small geometry helpers (fixture for schema migration tests)."""


class Point:
    """A point in the plane."""

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def distance_to(self, other):
        """Euclidean distance to another point."""
        dx = self.x - other.x
        dy = self.y - other.y
        return (dx * dx + dy * dy) ** 0.5


def centroid(points):
    """The mean of the points."""
    n = len(points)
    return Point(sum(p.x for p in points) / n, sum(p.y for p in points) / n)
