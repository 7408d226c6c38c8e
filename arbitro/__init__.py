"""arbitro"""
