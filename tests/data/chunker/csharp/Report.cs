namespace Shop.Reports;

using System.Text;

// File-scoped namespace; one long method that is split into parts.
public class ReportWriter
{
    public string Render(IReadOnlyList<Row> rows)
    {
        var sb = new StringBuilder();
        sb.AppendLine("Report");
        sb.AppendLine("======");
        foreach (var row in rows)
        {
            sb.Append(row.Name);
            sb.Append('\t');
            sb.Append(row.Count);
            sb.AppendLine();
        }
        sb.AppendLine("------");
        sb.AppendLine("line 1");
        sb.AppendLine("line 2");
        sb.AppendLine("line 3");
        sb.AppendLine("line 4");
        sb.AppendLine("line 5");
        sb.AppendLine("line 6");
        sb.AppendLine("line 7");
        sb.AppendLine("line 8");
        sb.AppendLine("line 9");
        sb.AppendLine("line 10");
        sb.AppendLine("line 11");
        sb.AppendLine("line 12");
        sb.AppendLine("line 13");
        sb.AppendLine("line 14");
        sb.AppendLine("line 15");
        sb.AppendLine("line 16");
        sb.AppendLine("line 17");
        sb.AppendLine("line 18");
        sb.AppendLine("line 19");
        sb.AppendLine("line 20");
        sb.AppendLine("line 21");
        sb.AppendLine("line 22");
        sb.AppendLine("line 23");
        sb.AppendLine("line 24");
        sb.AppendLine("line 25");
        sb.AppendLine("line 26");
        sb.AppendLine("line 27");
        sb.AppendLine("line 28");
        return Summarize(sb.ToString());
    }

    private static string Summarize(string text) => text.Trim();
}
