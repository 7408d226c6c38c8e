"""Map images: the renderer as a dependency, drawn in worker processes."""
