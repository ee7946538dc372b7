"""Every table gets a join code (scorer.models.new_join_code): new tables when they are made,
existing ones here, each unique."""

import secrets

from django.db import migrations, models

import scorer.models

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def give_every_table_a_code(apps, schema_editor):
    Game = apps.get_model("scorer", "Game")
    db = schema_editor.connection.alias
    taken = set(Game.objects.using(db).exclude(code=None).values_list("code", flat=True))
    for pk in Game.objects.using(db).filter(code=None).values_list("pk", flat=True).iterator():
        code = None
        while code is None or code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        taken.add(code)
        Game.objects.using(db).filter(pk=pk).update(code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("scorer", "0010_entrant_status_labels"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="code",
            field=models.CharField(editable=False, max_length=6, null=True),
        ),
        migrations.RunPython(give_every_table_a_code, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="code",
            field=models.CharField(
                default=scorer.models.new_join_code,
                editable=False,
                help_text="Short join code (no look-alike characters): typed on the home page, it opens the board to watch.",
                max_length=6,
                unique=True,
            ),
        ),
    ]
