# witness: valid_date('02-29-2024')
# bug: February is given 28 days, but the spec allows up to 29
def valid_date(date):
    parts = date.strip().split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return False
    if len(parts[0]) != 2 or len(parts[2]) != 4:
        return False
    month, day, _year = (int(p) for p in parts)
    days_in_month = {1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
    if month not in days_in_month:
        return False
    return 1 <= day <= days_in_month[month]
