#!/usr/bin/env bash
# Installs starbridge as an appliance on Raspberry Pi OS (Bookworm, 64-bit Lite or desktop),
# from this checkout. See docs/raspberry-pi.md.
#
#   sudo deploy/install.sh                 # installs and starts the service
#   sudo deploy/install.sh --kiosk         # a new configuration starts in kiosk mode
#   deploy/install.sh --dry-run            # print every step, change nothing (no root needed)
#   deploy/install.sh --print-unit         # the systemd unit as it would be installed
#   sudo deploy/install.sh --config /boot/firmware/starbridge.toml   # the settings elsewhere
#   sudo deploy/install.sh --hotspot starbridge --hotspot-password 'a long passphrase'
#                                          # the Pi as the table's own Wi-Fi (docs/raspberry-pi.md)
#
# It installs the system packages (python3-lgpio for gpiozero; Mesa's DRI drivers, libgbm, EGL
# and GLES, which SDL's KMSDRM driver loads and Raspberry Pi OS Lite may lack), installs
# starbridge with the `pi` extra into a virtual environment of its own in /opt/starbridge (it
# sees the system's lgpio; its bytecode compiled, as the service may not write there), makes a
# user of its own for the service (`starbridge`: no login, no sudo, only the groups of the
# screen, the touch panel, GPIO, I2C and the dice tray's serial port), installs the dice tray's
# udev rule, writes a configuration if there is none (never overwriting one), installs the
# hardened systemd unit, and runs `starbridge doctor`. A new configuration has the station
# consoles on (phones and tablets on the table's network). With --hotspot, the Pi's Wi-Fi
# becomes an access point of its own (NetworkManager), the table's network. The saves live in
# /var/lib/starbridge. Running it again is safe (and updates the program from the checkout).
# 32-bit Raspberry Pi OS is refused at once: pygame-ce publishes no wheel for it.
set -euo pipefail

CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OS_RELEASE="${STARBRIDGE_OS_RELEASE:-/etc/os-release}"
GROUPS_WANTED=(video render input gpio i2c dialout)
APT_PACKAGES=(git python3 python3-venv python3-lgpio
              libdrm2 libgbm1 libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri)
PREFIX="${STARBRIDGE_PREFIX:-/opt/starbridge}"
DATA=/var/lib/starbridge

user=starbridge
dry=0 kiosk=0 start=1 service=1 volatile=0 print_unit=0 config=""
hotspot="" hotspot_password="" hotspot_iface="wlan0"
HOTSPOT_CONNECTION="starbridge-hotspot"
HOTSPOT_ADDRESS="192.168.4.1"

usage() {
    cat <<'EOF'
usage: deploy/install.sh [--user NAME] [--config FILE] [--kiosk] [--no-service] [--no-start]
                         [--volatile-journal] [--hotspot SSID [--hotspot-password PASS]
                         [--hotspot-iface IFACE]] [--dry-run] [--print-unit]

  --user NAME         the account the service runs as (default: starbridge, made if missing;
                      never root, nor anyone who may sudo: the service faces the network)
  --config FILE       the configuration file (default: /etc/starbridge/starbridge.toml;
                      one that is there is checked, never overwritten)
  --kiosk             a new configuration starts in kiosk mode (attract mode between games)
  --no-service        do not install the systemd unit (start it yourself: starbridge play)
  --no-start          install and enable the unit, but start it only on the next boot
  --volatile-journal  keep the journal in memory, to spare the SD card
  --hotspot SSID      make the Pi a Wi-Fi access point named SSID (WPA2, NetworkManager), the
                      table's own network for the station consoles; the Pi is 192.168.4.1 on it
  --hotspot-password PASS   its passphrase, 8 to 63 characters (default: one made up and
                      printed at the end)
  --hotspot-iface IFACE     the Wi-Fi interface (default: wlan0)
  --dry-run           print each step instead of doing it (needs no root)
  --print-unit        print the systemd unit for the user, and stop
EOF
}

fail() { echo "install.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --user) [ $# -ge 2 ] || fail "--user needs a name"; user="$2"; shift 2 ;;
        --user=*) user="${1#--user=}"; shift ;;
        --config) [ $# -ge 2 ] || fail "--config needs a file"; config="$2"; shift 2 ;;
        --config=*) config="${1#--config=}"; shift ;;
        --kiosk) kiosk=1; shift ;;
        --no-service) service=0; shift ;;
        --no-start) start=0; shift ;;
        --volatile-journal) volatile=1; shift ;;
        --hotspot) [ $# -ge 2 ] || fail "--hotspot needs a network name"; hotspot="$2"; shift 2 ;;
        --hotspot=*) hotspot="${1#--hotspot=}"; shift ;;
        --hotspot-password) [ $# -ge 2 ] || fail "--hotspot-password needs a passphrase"
                            hotspot_password="$2"; shift 2 ;;
        --hotspot-password=*) hotspot_password="${1#--hotspot-password=}"; shift ;;
        --hotspot-iface) [ $# -ge 2 ] || fail "--hotspot-iface needs an interface"
                         hotspot_iface="$2"; shift 2 ;;
        --hotspot-iface=*) hotspot_iface="${1#--hotspot-iface=}"; shift ;;
        --dry-run) dry=1; shift ;;
        --print-unit) print_unit=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown option: $1" ;;
    esac
done

if [ -n "$hotspot" ]; then
    [ "${#hotspot}" -le 32 ] || fail "--hotspot: a Wi-Fi name has at most 32 characters"
    case "$hotspot" in
        *[![:print:]]*) fail "--hotspot: the name has characters that cannot be shown" ;;
    esac
    if [ -n "$hotspot_password" ]; then
        { [ "${#hotspot_password}" -ge 8 ] && [ "${#hotspot_password}" -le 63 ]; } ||
            fail "--hotspot-password: WPA2 needs 8 to 63 characters"
    fi
    case "$hotspot_iface" in
        ''|*[!A-Za-z0-9_.-]*) fail "--hotspot-iface: not an interface name: $hotspot_iface" ;;
    esac
elif [ -n "$hotspot_password" ]; then
    fail "--hotspot-password goes with --hotspot SSID"
fi

case "$user" in
    ''|*[!a-z0-9_-]*) fail "--user: not an account name: $user" ;;
esac
[ "$user" != root ] || fail "starbridge must not run as root: give --user NAME (default starbridge)"
make_user=0
if getent passwd "$user" >/dev/null; then
    for g in sudo wheel admin; do
        if id -nG "$user" | tr ' ' '\n' | grep -qx "$g"; then
            fail "'$user' may use sudo (group $g): a server that faces the network should run as a user of its own (leave out --user: starbridge is made)"
        fi
    done
    group="$(id -gn "$user")"
elif [ "$user" = starbridge ]; then
    make_user=1 group=starbridge
else
    fail "no user '$user' on this machine: leave out --user (a user starbridge is made), or create it"
fi
config="${config:-/etc/starbridge/starbridge.toml}"
case "$config" in /*) ;; *) config="$PWD/$config" ;; esac

# 32-bit Raspberry Pi OS: said at once, not after a long failed build.
arch="${STARBRIDGE_ARCH:-$(dpkg --print-architecture 2>/dev/null || uname -m)}"
case "$arch" in
    armhf|armel|armv6l|armv7l)
        fail "this is 32-bit Raspberry Pi OS ($arch): pygame-ce, the bridge display, publishes no wheel for it and will not build here. Install Raspberry Pi OS (64-bit) Bookworm with Raspberry Pi Imager (every Pi 3, 4, 5 and Zero 2 W runs it), then run this again" ;;
esac

# The groups of GROUPS_WANTED that this machine has (systemd refuses a unit naming a group
# that does not exist, and a PC has no gpio group).
present_groups() {
    local g out=()
    for g in "${GROUPS_WANTED[@]}"; do
        if getent group "$g" >/dev/null; then out+=("$g"); fi
    done
    echo "${out[*]}"
}

# A text for the right-hand side of a sed s||| command, taken literally.
sed_text() { printf '%s' "$1" | sed -e 's/[\\|&]/\\&/g'; }

# deploy/starbridge.service with this machine's groups, the user, the prefix and the settings.
render_unit() {
    sed -e "s|/opt/starbridge/|$(sed_text "$PREFIX")/|g" \
        -e "s|^User=.*|User=$user|" \
        -e "s|^Group=.*|Group=$group|" \
        -e "s|^SupplementaryGroups=.*|SupplementaryGroups=$(present_groups)|" \
        -e "s|^Environment=STARBRIDGE_CONFIG=.*|Environment=STARBRIDGE_CONFIG=$(sed_text "$config")|" \
        "$CHECKOUT/deploy/starbridge.service"
}

if [ "$print_unit" = 1 ]; then
    render_unit
    exit 0
fi

[ "$dry" = 1 ] || [ "$(id -u)" = 0 ] ||
    fail "run it with sudo (it installs packages and a service), or try --dry-run first"

step() { echo "==> $*"; }
run() {
    if [ "$dry" = 1 ]; then printf '+'; printf ' %q' "$@"; printf '\n'; else "$@"; fi
}
as_user() { run runuser -u "$user" -- env STARBRIDGE_DATA="$DATA" STARBRIDGE_CONFIG="$config" "$@"; }
# write FILE MODE: standard input into FILE (shown instead on a dry run)
write() {
    if [ "$dry" = 1 ]; then
        echo "+ write $1 (mode $2):"; sed 's/^/|   /'
    else
        install -m "$2" /dev/stdin "$1"
    fi
}

step "checking the system"
codename=""
if [ -r "$OS_RELEASE" ]; then
    codename="$(sed -n 's/^VERSION_CODENAME=//p' "$OS_RELEASE" | tr -d "\"'")"
fi
if [ "$codename" != bookworm ]; then
    echo "install.sh: warning: this is made for Raspberry Pi OS Bookworm; this system says" \
         "'${codename:-unknown}'. Going on; package names may differ." >&2
fi
case "$(uname -m)" in
    aarch64|armv7l) ;;
    *) echo "install.sh: warning: $(uname -m) is not a Raspberry Pi; the panels will run" \
            "mocked (fine for trying it out)." >&2 ;;
esac

step "system packages: ${APT_PACKAGES[*]}"
run apt-get update
run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"

if [ "$dry" = 0 ]; then
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        fail "starbridge needs Python 3.11 or newer; this system has $(python3 -V 2>&1)"
fi

step "starbridge in $PREFIX (it sees the system's lgpio; read-only for the service)"
echo "install.sh: a few minutes on a Pi 4: Python's packages come as wheels, nothing is compiled"
run python3 -m venv --system-site-packages "$PREFIX"
run "$PREFIX/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade \
    "${CHECKOUT}[pi]"
run "$PREFIX/bin/python" -m compileall -q "$PREFIX"
run install -m 0644 "$CHECKOUT/README.md" "$PREFIX/README.md"
run ln -sf "$PREFIX/bin/starbridge" /usr/local/bin/starbridge

if [ "$make_user" = 1 ]; then
    step "a user of its own: $user (no login, no sudo)"
    run useradd --system --user-group --home-dir "$DATA" --shell /usr/sbin/nologin \
        --comment "starbridge table" "$user"
fi
step "groups for $user: $(present_groups)"
for g in $(present_groups); do
    run usermod -aG "$g" "$user"
done
step "the saves: $DATA (the service's own; on a read-only overlay, docs/raspberry-pi.md)"
run install -d -o "$user" -g "$group" -m 0700 "$DATA"

step "the dice tray's udev rule"
run install -m 0644 "$CHECKOUT/deploy/99-starbridge-dice.rules" /etc/udev/rules.d/
run udevadm control --reload
run udevadm trigger --subsystem-match=tty

if [ -e "$config" ]; then
    step "configuration: $config is there; left as it is"
else
    step "configuration: $config (every key: starbridge config --example)"
    run install -d -m 0755 "$(dirname "$config")"
    enabled="false"
    [ "$kiosk" = 0 ] || enabled="true "
    write "$config" 0644 <<EOF
# starbridge on this Raspberry Pi. Every key, with its default: starbridge config --example
# With no [seats] table the first ship's crew plays at the station panels (docs/wiring.md).

[panels]
factory = "auto"         # lgpio on a Pi 4 or 5; the mock (and the keyboard) where no GPIO

[display]
fullscreen = "auto"      # full screen on the console (KMSDRM), a window on a desktop

[kiosk]
enabled = $enabled         # attract mode between games (docs/appliance.md)

[stations]
enabled = true           # a console for each seat on phones and tablets (docs/stations.md)
port = 8765
EOF
fi
as_user "$PREFIX/bin/starbridge" config --check "$config"

if [ "$volatile" = 1 ]; then
    step "the journal kept in memory"
    run mkdir -p /etc/systemd/journald.conf.d
    write /etc/systemd/journald.conf.d/starbridge.conf 0644 <<'EOF'
# starbridge: spare the SD card; the journal lives in memory (lost at power-off)
[Journal]
Storage=volatile
RuntimeMaxUse=32M
EOF
    run systemctl restart systemd-journald
fi

made_up=0
if [ -n "$hotspot" ]; then
    step "the table's own Wi-Fi: $hotspot on $hotspot_iface, the Pi at $HOTSPOT_ADDRESS"
    if [ "$dry" = 0 ] && ! command -v nmcli >/dev/null; then
        fail "--hotspot needs NetworkManager (nmcli), as Raspberry Pi OS Bookworm has"
    fi
    if [ -z "$hotspot_password" ]; then
        made_up=1
        hotspot_password="$(tr -dc 'a-km-zA-HJ-NP-Z2-9' </dev/urandom | head -c 16 || true)"
    fi
    if [ "$dry" = 1 ] || nmcli -t -f NAME connection show | grep -qx "$HOTSPOT_CONNECTION"; then
        run nmcli connection delete "$HOTSPOT_CONNECTION"
    fi
    # the passphrase is not printed on a dry run
    psk="$hotspot_password"
    [ "$dry" = 0 ] || psk="(the passphrase)"
    run nmcli connection add type wifi ifname "$hotspot_iface" con-name "$HOTSPOT_CONNECTION" \
        autoconnect yes ssid "$hotspot" 802-11-wireless.mode ap 802-11-wireless.band bg \
        ipv4.method shared ipv4.addresses "$HOTSPOT_ADDRESS/24" ipv6.method disabled \
        wifi-sec.key-mgmt wpa-psk wifi-sec.proto rsn wifi-sec.pairwise ccmp wifi-sec.psk "$psk"
    run nmcli connection up "$HOTSPOT_CONNECTION"
fi

if command -v raspi-config >/dev/null; then
    step "I2C on, for MCP23017 expanders (docs/wiring.md)"
    run raspi-config nonint do_i2c 0
fi

if [ "$service" = 1 ]; then
    step "the systemd unit, hardened, for $user"
    render_unit | write /etc/systemd/system/starbridge.service 0644
    run systemctl daemon-reload
    run systemctl disable getty@tty1.service   # the screen is the bridge's, not a login prompt
    if [ "$(systemctl get-default 2>/dev/null || true)" = graphical.target ]; then
        echo "install.sh: the desktop will no longer start at boot: the bridge display takes" \
             "the screen (sudo systemctl set-default graphical.target brings it back)" >&2
        run systemctl set-default multi-user.target
    fi
    if [ "$start" = 1 ]; then
        run systemctl enable --now starbridge.service
    else
        run systemctl enable starbridge.service
    fi
fi

step "starbridge doctor"
as_user "$PREFIX/bin/starbridge" doctor --config "$config" || true

cat <<EOF

starbridge is installed in $PREFIX and runs as $user.
  logs:      journalctl -u starbridge -f
  settings:  $config   (starbridge config --example lists every key)
  saves:     $DATA   (sudo -u $user starbridge games lists them)
  restart:   sudo systemctl restart starbridge
  update:    git pull, then sudo deploy/install.sh again
EOF
if [ -n "$hotspot" ]; then
    echo "The table's Wi-Fi: $hotspot; phones join it, then scan their seat's code on the"
    echo "bridge display (the consoles are at http://$HOTSPOT_ADDRESS:8765)."
    if [ "$made_up" = 1 ] && [ "$dry" = 0 ]; then
        echo "Its passphrase, made up now (write it down): $hotspot_password"
    fi
fi
