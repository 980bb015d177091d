"""starbridge dice tray: MicroPython for a Raspberry Pi Pico (RP2040), speaking the starbridge
dice protocol over the USB serial port (docs/dice-protocol.md).

Wiring: a push button (or a tilt/shake switch) from GP15 to GND. The board LED blinks the face
(tens as long flashes, units as short ones; a 20 is two long flashes), lights while a roll
awaits the host's answer, flickers fast five times when the host refuses a roll (REFUSE; a
serial terminal shows the line and its reason), and blinks slowly while the host calls for a
roll (CALL: "roll the tray now") until the button is pressed. Copy this file and dice_proto.py
to the Pico (e.g. `mpremote cp main.py dice_proto.py :`). The protocol logic lives in
dice_proto.py, which the host tests under CPython; this file only touches the board.
"""

import os
import select
import sys
import time

import dice_proto
import machine

TRAY_ID = "tray-1"  # one id per tray; the host's configuration names trays by it
BUTTON_PIN = 15
DEBOUNCE_MS = 30

led = machine.Pin("LED", machine.Pin.OUT)
button = machine.Pin(BUTTON_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
usb_in = select.poll()
usb_in.register(sys.stdin, select.POLLIN)


def write(data):
    if data:
        sys.stdout.buffer.write(data)


def blink(face):
    for _ in range(face // 10):
        led.on()
        time.sleep_ms(600)
        led.off()
        time.sleep_ms(250)
    for _ in range(face % 10):
        led.on()
        time.sleep_ms(150)
        led.off()
        time.sleep_ms(250)


def refused():
    for _ in range(5):
        led.on()
        time.sleep_ms(60)
        led.off()
        time.sleep_ms(60)


def roll_d20():
    face = 0
    while face == 0:  # os.urandom on the RP2040 draws on the ring oscillator
        face = dice_proto.fair_d20(os.urandom(8))
    return face


def main():
    tray = dice_proto.Tray(TRAY_ID, 20, first_seq=int.from_bytes(os.urandom(2), "big"))
    write(tray.start(time.ticks_ms()))
    was_pressed = False
    pressed_at = 0
    while True:
        now = time.ticks_ms()
        down = button.value() == 0
        if down and not was_pressed:
            pressed_at = now
        if not down and was_pressed and time.ticks_diff(now, pressed_at) >= DEBOUNCE_MS:
            face = roll_d20()  # on release, so the time held adds nothing predictable
            write(tray.roll(face, now))
            blink(face)
        was_pressed = down
        while usb_in.poll(0):
            for said in tray.receive(sys.stdin.buffer.read(1)):
                if said[0] == "REFUSE":
                    refused()
        write(tray.tick(time.ticks_ms()))
        calling = tray.calling and (time.ticks_ms() // 500) % 2 == 0
        led.value(1 if tray.pending or calling else 0)
        time.sleep_ms(5)


main()
