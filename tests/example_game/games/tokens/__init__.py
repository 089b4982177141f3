"""Tokens: a sheet of numbered round score tokens to cut out (the example game of
docs/architecture.md)."""
