# entdecker-bot: runs `python -m bot` as a non-root user; the SQLite database lives on the /data volume, or
# ENTDECKER_DB names a PostgreSQL server (docker-compose.yml runs two sharded processes on one).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ENTDECKER_DB=/data/entdecker.db

# libfribidi0: Pillow's wheel brings raqm and HarfBuzz but loads FriBiDi from the system; without it Arabic and
# Hebrew names are drawn unjoined and in the wrong order (docs/render.md, "Fonts and text").
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY storage ./storage
COPY bot ./bot
RUN pip install --no-cache-dir '.[postgres]' \
    && useradd --system --uid 10001 --home-dir /app entdecker \
    && mkdir -p /data && chown entdecker /data

USER entdecker
VOLUME ["/data"]
# DISCORD_TOKEN must come from the environment: docker run -e DISCORD_TOKEN=... -v entdecker-data:/data IMAGE
CMD ["python", "-m", "bot"]
