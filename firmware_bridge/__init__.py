"""The serial link to the dice tray and other microcontrollers (pyserial). Not built yet."""
