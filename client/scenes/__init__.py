"""The client's screens; `navigation.Navigator`, with its parts `table_navigation` and
`lan_navigation`, is the one place that knows them all."""
