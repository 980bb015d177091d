"""The pygame bridge display. Not built yet."""
