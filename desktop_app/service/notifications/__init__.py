"""What the service sends out: webhook events, the webhooks resource (webhook_rules.py), their
delivery worker, e-mail; queries are storage/'s."""
