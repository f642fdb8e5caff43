"""The Batch page: a CSV/XLSX file mapped, checked, created and printed row by row."""
