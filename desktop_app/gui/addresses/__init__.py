"""The Addresses page: the address book and its pickers in the shipment form."""
