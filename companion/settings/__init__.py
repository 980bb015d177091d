"""The table's settings: the configuration file and its check against what exists, the user's
folders (data, saves, crews), and the command line's own errors and argument types."""
