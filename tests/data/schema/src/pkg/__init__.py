from .geometry import Point, centroid
