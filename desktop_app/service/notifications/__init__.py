"""What the service sends out: webhook events and their delivery, e-mail."""
