"""The service's documents: shipping labels (PDF, ZPL), customs papers and manifests."""
