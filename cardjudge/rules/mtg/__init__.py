"""Magic: The Gathering rules."""
