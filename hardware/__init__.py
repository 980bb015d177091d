"""Station panels: buttons, LEDs and pin maps (gpiozero). Not built yet: see the issues."""
