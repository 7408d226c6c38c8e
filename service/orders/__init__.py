"""Orders: read from free text, stored, shown, withdrawn; ready marks."""
