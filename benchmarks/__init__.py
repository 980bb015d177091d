"""`starbridge bench`: each benchmark beside a floor measured in the same run.

In the source checkout only, beside the packages: the package that ships to a Pi holds no
benchmark (pyproject.toml excludes this folder; tests/package checks the wheel)."""
