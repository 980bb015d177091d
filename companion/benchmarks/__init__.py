"""`starbridge bench`: each benchmark beside a floor measured in the same run."""
