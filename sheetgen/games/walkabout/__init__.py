"""Walkabout: Karl Hanf's roll-and-write walk over a triangular grid."""
