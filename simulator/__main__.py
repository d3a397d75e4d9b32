"""``python -m simulator serve ...`` runs the simulator (same as ``fiscal-sim serve``)."""

from simulator.cli import main

main()
