"""What the bot sends beside the tables: size limits, private replies, error answers, stats pages."""
