"""Play with no table and what it reports: many seeded autopilot games summed up (the survey),
the after-action report of a logged game, a lights file walked over a scripted game, the bridge
display drawn headless (the screenshots and the documentation's), a long command's progress."""
