# witness: check_dict_case({'123': 'a'})
# bug: tests k == k.lower() rather than k.islower(), so a key with no letters counts as lower case
def check_dict_case(dict):
    if not dict:
        return False
    keys = list(dict.keys())
    if not all(isinstance(k, str) for k in keys):
        return False
    return all(k == k.lower() for k in keys) or all(k == k.upper() for k in keys)
