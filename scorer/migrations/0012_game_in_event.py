"""Games of event tables say so (Game.in_event): the table's pages then ask the event before a
hand is deleted or restored or the number of hands changes (docs/event-format.md, E15)."""

from django.db import migrations, models


def mark_event_games(apps, schema_editor):
    Game = apps.get_model("scorer", "Game")
    EventGame = apps.get_model("scorer", "EventGame")
    db = schema_editor.connection.alias
    linked = EventGame.objects.using(db).values("game_id")
    Game.objects.using(db).filter(pk__in=linked).update(in_event=True)


class Migration(migrations.Migration):
    dependencies = [
        ("scorer", "0011_game_code"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="in_event",
            field=models.BooleanField(
                default=False,
                help_text="A game of an event table (turnuva): the event fixes its number of hands and checks "
                "deletes and restores against its rounds (scorer/tables/guards.py, scorer/events/guards.py).",
            ),
        ),
        migrations.RunPython(mark_event_games, migrations.RunPython.noop),
    ]
