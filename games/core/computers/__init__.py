"""The computer players' turns: leases (``lease``), the decision processes (``pool``), the turn
machine (``machine``) and the runner that drives it in each server process (``runner``)."""
