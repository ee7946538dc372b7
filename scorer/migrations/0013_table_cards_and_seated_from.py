"""Table cards (one per table number for the whole event) and the devices holding them; the places
a round seated by the standings was seated from; two more kinds of record (a new card, a seating
kept after a correction)."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import scorer.access.links


class Migration(migrations.Migration):
    dependencies = [
        ("scorer", "0012_game_in_event"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="seated_from",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Seated by the standings: [entrant id, place] as they stood, or as the organizer kept them.",
            ),
        ),
        migrations.AlterField(
            model_name="eventrecord",
            name="kind",
            field=models.CharField(
                choices=[
                    ("created", "created"),
                    ("imported", "imported"),
                    ("round", "round started"),
                    ("reseat", "round seated again"),
                    ("bye", "bye"),
                    ("cut", "tie at the cut decided"),
                    ("close", "table closed"),
                    ("late", "late arrival"),
                    ("withdraw", "withdrawal"),
                    ("no_show", "no-show"),
                    ("finish", "finished"),
                    ("link", "new organizer link"),
                    ("card", "new table card"),
                    ("keep", "seating kept after a correction"),
                ],
                max_length=9,
            ),
        ),
        migrations.CreateModel(
            name="TableCard",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                (
                    "secret_version",
                    models.PositiveIntegerField(
                        default=1, help_text="Bumped by a new card: grants of older versions no longer count."
                    ),
                ),
                (
                    "link_key",
                    models.CharField(
                        default=scorer.access.links.new_link_key, editable=False, max_length=32
                    ),
                ),
                ("code", models.CharField(help_text="Typed instead of scanning.", max_length=6, unique=True)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="cards", to="scorer.event"
                    ),
                ),
            ],
            options={
                "ordering": ["event", "number"],
            },
        ),
        migrations.CreateModel(
            name="CardGrant",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("secret_version", models.PositiveIntegerField()),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("last_used_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                (
                    "device",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="card_grants",
                        to="scorer.device",
                    ),
                ),
                (
                    "card",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="grants",
                        to="scorer.tablecard",
                    ),
                ),
            ],
        ),
        migrations.AddConstraint(
            model_name="tablecard",
            constraint=models.UniqueConstraint(fields=("event", "number"), name="unique_event_card"),
        ),
        migrations.AddConstraint(
            model_name="cardgrant",
            constraint=models.UniqueConstraint(fields=("device", "card"), name="unique_device_card_grant"),
        ),
    ]
