#!/usr/bin/env bash
# A throwaway single-node Slurm cluster on this host, from Debian's packages
# (slurm-wlm, munge), for trying the sbatch scripts and for the CI check
# (scripts/slurm/selftest.sh). Nothing outside DIR is touched: its own munge
# key and socket, its own slurm.conf, spool and state, its own ports.
#
#   scripts/slurm/local-cluster.sh start DIR   # prints `export SLURM_CONF=...`
#   scripts/slurm/local-cluster.sh stop DIR    # stops the daemons it started
#
# Needs root (slurmd starts the jobs' processes), as a CI container has.
# On a real cluster none of this is needed: see docs/cluster.md.
set -euo pipefail

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}
[ $# -eq 2 ] || usage
action=$1
dir=$2

stop() {
    # Only the daemons whose pid files are in DIR, by their pid.
    for name in slurmd slurmctld munged; do
        pidfile="$dir/$name.pid"
        [ -s "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
        fi
        rm -f "$pidfile"
    done
}

case $action in
stop)
    stop
    exit 0
    ;;
start) ;;
*) usage ;;
esac

for tool in munged slurmctld slurmd sbatch squeue; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || {
        echo "missing $tool (Debian: apt-get install slurm-wlm munge)" >&2
        exit 3
    }
done
[ "$(id -u)" -eq 0 ] || {
    echo "needs root: slurmd starts jobs as their user" >&2
    exit 3
}
export PATH="$PATH:/usr/sbin"

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
chmod 700 "$dir"
mkdir -p "$dir/state" "$dir/spool" "$dir/log"

# munge: a fresh key, a private socket.
dd if=/dev/urandom of="$dir/munge.key" bs=1 count=1024 status=none
chmod 600 "$dir/munge.key"
munged --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" \
    --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" \
    --seed-file="$dir/munge.seed"

# Ports nobody listens on: two consecutive free ones from a high range.
free_port() {
    local p
    for p in $(shuf -i 20000-60000 -n 200); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null &&
            ! (exec 3<>"/dev/tcp/127.0.0.1/$((p + 1))") 2>/dev/null; then
            echo "$p"
            return
        fi
    done
    echo "no free port" >&2
    exit 3
}
ctld_port=$(free_port)
slurmd_port=$((ctld_port + 1))
node=$(hostname -s)
cpus=$(nproc)
mem=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2))

cat >"$dir/slurm.conf" <<EOF
ClusterName=boardcheck
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF" -i
slurmd -f "$SLURM_CONF" -N "$node"

# Ready when the node is idle.
for _ in $(seq 120); do
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n1 || true)
    case $state in
    idle*) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;;
    esac
    sleep 0.5
done
echo "the node did not come up (state: ${state:-none}); logs in $dir/log" >&2
stop
exit 4
