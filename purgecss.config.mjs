// Bootstrap as served (static/vendor/bootstrap.min.css): only the rules of the classes named in
// okeycalc's templates, Python modules and scripts and in crispy-forms' Bootstrap 5 templates.
// `make static` writes it (the PurgeCSS command reads this file's named exports). A word anywhere
// in those files keeps its rules, so a class put together from parts is listed in the safelist.
// Every page state the browser tests check with axe fails if a dropped rule applies to one of its
// elements (check_styles in tests/conftest.py).
export const css = ["node_modules/bootstrap/dist/css/bootstrap.min.css"];

export const content = [
  "templates/**/*.html",
  "scorer/**/*.py",
  "okeycalc/**/*.py",
  "static/js/**/*.js",
  ".venv/lib/python3*/site-packages/crispy_bootstrap5/templates/**/*.html",
  ".venv/lib/python3*/site-packages/crispy_forms/templates/**/*.html",
];

// alert-{{ message.level_tag }} (templates/base.html) and alert-{{ tone }} (_error_summary.html)
export const safelist = [/^alert-(success|info|warning|danger)$/];

// Bootstrap itself is read from node_modules, which PurgeCSS skips by default.
export const skippedContentGlobs = [];

export const output = "static/vendor/";
