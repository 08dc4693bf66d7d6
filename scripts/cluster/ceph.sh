#!/usr/bin/env bash
# A one-node Ceph on loopback for an S3 API: one monitor (msgr v1 only: a v2
# address makes clients hang), one OSD in RAM (memstore), radosgw (beast) and
# an S3 user. Usage: ceph.sh DIR MON_PORT RGW_PORT ACCESS_KEY SECRET_KEY
# Everything lives under DIR; stop with `kill $(cat DIR/*.pid)`.
set -euo pipefail
D=$1; MON=$2; RGW=$3; KEY=$4; SECRET=$5
mkdir -p "$D/mon" "$D/osd/ceph-0" "$D/run" "$D/rgw"
FSID=$(cat /proc/sys/kernel/random/uuid)
CONF="$D/ceph.conf"
cat > "$CONF" <<CONF
[global]
fsid = $FSID
mon host = v1:127.0.0.1:$MON
mon initial members = a
auth cluster required = none
auth service required = none
auth client required = none
auth supported = none
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
osd objectstore = memstore
memstore device bytes = 1073741824
osd crush chooseleaf type = 0
# The OSD's own crush placement on start is refused with auth off; it is placed below.
osd crush update on start = false
osd class update on start = false
run dir = $D/run
pid file = $D/\$name.pid
log file = $D/\$name.log
admin socket = $D/run/\$name.asok
mon data = $D/mon/\$cluster-\$id
osd data = $D/osd/\$cluster-\$id
keyring = $D/keyring
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$RGW
rgw lc debug interval = 10
rgw data = $D/rgw
CONF
touch "$D/keyring"
monmaptool --create --fsid "$FSID" --addv a "[v1:127.0.0.1:$MON]" "$D/monmap" >/dev/null
ceph-mon -c "$CONF" --mkfs -i a --monmap "$D/monmap"
ceph-mon -c "$CONF" -i a
UUID=$(cat /proc/sys/kernel/random/uuid)
OSD_ID=$(timeout 60 ceph -c "$CONF" osd new "$UUID")
ceph-osd -c "$CONF" -i "$OSD_ID" --mkfs --osd-uuid "$UUID" 2>>"$D/osd-mkfs.log"
timeout 60 ceph -c "$CONF" osd crush add "osd.$OSD_ID" 1.0 root=default >/dev/null 2>&1
ceph-osd -c "$CONF" -i "$OSD_ID" 2>>"$D/osd-start.log"
radosgw -c "$CONF" -n client.rgw
for _ in $(seq 1 120); do
  curl -s -o /dev/null "http://127.0.0.1:$RGW/" && break
  sleep 1
done
timeout 120 radosgw-admin -c "$CONF" user create --uid=pith --display-name=pith --access-key="$KEY" --secret="$SECRET" >/dev/null
