"""The tables' Discord side: commands and clicks run through a host table, and what it answers shown."""
