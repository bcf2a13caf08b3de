"""The scorecard templates of `remi report`, shipped inside the package."""
