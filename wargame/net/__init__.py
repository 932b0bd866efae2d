"""Playing across computers: a host-authoritative table server (see docs/network.md)."""
