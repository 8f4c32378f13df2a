existing output
