"""Station panels: buttons and LEDs on the Pi (gpiozero), mocked on any PC.

    pins = pinmap.load_pinmap()                     # the checked TOML pin map (docs/wiring.md)
    factory = devices.factory_or_mock(pins, say)    # lgpio / RPi.GPIO, or gpiozero's MockFactory
    bridge = bridge.Bridge(pins, factory, ship, engine.crew_stations(state, ship))
    bridge.open(say)                                # lamp test; unopened parts reported once
    state = bridge.pump(state, now, act)            # main thread: presses -> actions, lights

Modules: `pinmap` (the file and its checks), `functions` (button and light names), `devices`
(gpiozero), `debounce`, `panel` (the pure state machine on the engine's per-seat API, through
`engine_api`), `lamps` (what lights show), `bridge` (a crew's panels), `expanders` (parts on
MCP23017s over I2C: `mcp23017` the driver, `mcp23017_mock` the register-level emulation), `keyboard` (the PC's
stand-in), `wiring` (the diagram).
"""
