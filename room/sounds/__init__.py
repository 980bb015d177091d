"""The packaged sounds (*.wav), made by make_sounds.py beside them; SOURCES.md says how."""
