# Sourced by the container scripts: podman settings this kind of sandbox
# needs (see ../shared/notes/shipping-and-scale.md), kept in a cache folder
# outside the clone so base images and downloads are reused between runs.
#   runc            crun refuses this cgroup layout
#   ulimits         podman's default nofile (1,048,576) cannot be raised here
#   netavark        bookworm's podman otherwise picks CNI, whose plugins are absent
#   CA bundle       the TLS proxy's CA, for apt-get/npm inside build containers
PITH_CACHE="${PITH_CACHE:-/var/cache/pith-ci}"
mkdir -p "$PITH_CACHE"
printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' > "$PITH_CACHE/npmrc"
cat > "$PITH_CACHE/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
volumes = ["/etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro",
           "$PITH_CACHE/npmrc:/usr/local/etc/npmrc:ro"]
[network]
network_backend = "netavark"
[engine]
runtime = "runc"
CONF
export CONTAINERS_CONF="$PITH_CACHE/containers.conf"
export PITH_CACHE
