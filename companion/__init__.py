"""The composition root: command line, configuration and the session loop."""
