"""The private sandbox: a position, orders in free text for any units of any power, and the
adjudication that would follow, with its map; nothing stored, no game touched.

    from sandbox import try_orders, sandbox_map
    run = try_orders(position, "A Ven - Tri\\nA Vie S A Ven - Tri", lang="auto")
    run.lines, run.result.results, run.dislodged, run.after
    png = sandbox_map(run, language="it")
"""

from sandbox.core import SandboxLine, SandboxRun, sandbox_map, try_orders

__all__ = ["SandboxLine", "SandboxRun", "sandbox_map", "try_orders"]
