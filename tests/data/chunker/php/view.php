<html>
<body>
<?php foreach ($items as $item): ?>
  <li><?= htmlspecialchars($item->title) ?></li>
<?php endforeach; ?>
<?php
function render_footer(string $year): string
{
    return "<footer>$year</footer>";
}
echo render_footer(date('Y'));
?>
</body>
</html>
