"""migrations"""
