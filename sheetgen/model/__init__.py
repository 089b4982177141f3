"""The declarations layout models are made of, and the validator that reads layouts into them."""
