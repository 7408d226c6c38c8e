"""arbitro/commands"""
