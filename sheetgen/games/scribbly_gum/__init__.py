"""Scribbly Gum: Phil Walker-Harding's roll-and-write of moths, tree diagrams and meals."""
